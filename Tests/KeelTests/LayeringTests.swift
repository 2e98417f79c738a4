import Foundation
import Testing

/// The folders of `Sources/Keel` form layers, listed in the README from the bottom up; a file may name the
/// types of its own folder and of the folders below it, never of one above. This reads the sources and
/// checks that, so the README's picture cannot drift from the tree.
@Suite struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources/Keel")

    /// The layer list as the README gives it (the line after "each uses only the ones before it").
    static func layersFromReadme() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("each uses only the ones before it") }) else { return [] }
        var text = ""
        for line in lines[(start + 2)...] {
            if line.isEmpty { break }
            text += line + " "
        }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "."))) }
    }

    /// Every Swift file under `Sources/Keel`, by its top folder.
    static func files() throws -> [(folder: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var result: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = url.path.dropFirst(sources.path.count + 1)
            let folder = String(relative.prefix { $0 != "/" })
            result.append((folder, try String(contentsOf: url, encoding: .utf8)))
        }
        return result
    }

    @Test func theReadmeListsEveryFolder() throws {
        let layers = try Self.layersFromReadme()
        let folders = Set(try Self.files().map(\.folder))
        #expect(Set(layers) == folders)
        #expect(layers.count == Set(layers).count)
    }

    @Test func noFolderNamesATypeOfAFolderAboveIt() throws {
        let layers = try Self.layersFromReadme()
        let files = try Self.files()
        // Declared types, by folder.
        let declaration = /^(?:(?:public|internal|fileprivate|final|@usableFromInline|indirect)\s+)*(?:struct|enum|class|protocol|typealias)\s+(\w+)/
            .anchorsMatchLineEndings()
        var home: [String: String] = [:]
        for file in files {
            for match in file.text.matches(of: declaration) { home[String(match.1)] = file.folder }
        }
        #expect(home["TapeEntry"] == "Document")
        #expect(home["JSONDecodingError"] == "Decoding")
        var upward: [String] = []
        for file in files {
            guard let level = layers.firstIndex(of: file.folder) else { continue }
            // Comments and one-line string literals without interpolation may mention anything.
            let literal = /"(?:[^"\\]|\\[^(])*"/
            let code = file.text.components(separatedBy: "\n").map { line in
                let line = line.replacing(literal, with: "\"\"")
                return line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            }.joined(separator: "\n")
            let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for word in words {
                guard let folder = home[word], folder != file.folder, let other = layers.firstIndex(of: folder) else { continue }
                if other > level { upward.append("\(file.folder) uses \(word) from \(folder)") }
            }
        }
        #expect(upward.sorted() == [])
    }

    /// The platform's C module is imported by one file of the library, the door every system call goes
    /// through, and by the tool's `System` folder only.
    @Test func oneFileOfTheLibraryImportsTheCLibrary() throws {
        let platformImport = /^\s*(?:public |internal |package )?import (?:Glibc|Musl|Darwin|ucrt|WinSDK)\b/.anchorsMatchLineEndings()
        func importers(under folder: String) throws -> [String] {
            let base = Self.root.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            var found: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                if try String(contentsOf: url, encoding: .utf8).contains(platformImport) {
                    found.append(String(url.path.dropFirst(base.path.count + 1)))
                }
            }
            return found.sorted()
        }
        #expect(try importers(under: "Sources/Keel") == ["Support/SystemLibrary.swift"])
        #expect(try importers(under: "Sources/KeelSchema") == [])
        let tool = try importers(under: "Sources/KeelTool")
        #expect(!tool.isEmpty)
        #expect(tool.filter { !$0.hasPrefix("System/") } == [])
    }
}
