import ArgumentParser
import Keel

/// The grammar an input is read in: `--syntax`, or else what the file's name says.
enum SyntaxChoice: String, ExpressibleByArgument, CaseIterable {
    case strict
    case jsonc
    case json5

    var syntax: JSONParsingOptions.Syntax {
        switch self {
        case .strict: .strict
        case .jsonc: .jsonc
        case .json5: .json5
        }
    }

    /// Files that editors and tools read with comments under a plain `.json` (or no) extension.
    static let commentedNames: Set<String> = [
        "tsconfig.json", "jsconfig.json", "devcontainer.json", ".devcontainer.json", "settings.json", "launch.json",
        "tasks.json", "keybindings.json", "extensions.json", "language-configuration.json", ".babelrc",
        ".babelrc.json", ".eslintrc", ".eslintrc.json", ".jshintrc", ".swcrc", "tslint.json", "api-extractor.json",
        "typedoc.json", "deno.json", "biome.json", ".luaurc",
    ]

    /// The syntax the name of `path` implies: JSON5 for the `.json5` extension; JSONC for the `.jsonc` and
    /// `.code-workspace` extensions, the names above and `tsconfig.*.json` / `jsconfig.*.json`; strict JSON for
    /// anything else and standard input.
    static func implied(by path: SystemPath?) -> JSONParsingOptions.Syntax {
        guard let path else { return .strict }
        let name = String(decoding: path.bytes.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self).lowercased()
        if name.hasSuffix(".json5") { return .json5 }
        if name.hasSuffix(".jsonc") || name.hasSuffix(".code-workspace") || commentedNames.contains(name) { return .jsonc }
        for stem in ["tsconfig.", "jsconfig."] where name.hasPrefix(stem) && name.hasSuffix(".json") { return .jsonc }
        return .strict
    }
}
