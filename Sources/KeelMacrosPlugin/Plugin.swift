// The compiler plug-in that expands the macros `KeelMacros` declares.
import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct KeelMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONModelMacro.self, JSONPropertyOptionMacro.self]
}
