import Foundation
import KeelTestSupport
import Testing

/// JSONC and JSON5 files through the tool: the syntax follows the file's name or `--syntax`, and `set`,
/// `delete`, `patch` and `format` keep every comment.
@Suite struct CommentedFileCommandTests {
    static let settings = """
        // Editor settings
        {
          // Controls the font size.
          "editor.fontSize": 14,
          "editor.tabSize": 2, // spaces per tab
          "files.exclude": {"**/.git": true,},
        }

        """

    static let tsconfig = """
        {
          /* Visit https://aka.ms/tsconfig to read more about this file */
          "compilerOptions": {
            /* Language and Environment */
            "target": "es2016",                                  /* Set the JavaScript language version. */
            // "lib": [],                                        /* Specify library declaration files. */

            /* Modules */
            "module": "commonjs",                                /* Specify what module code is generated. */
            "strict": true                                       /* Enable all strict type-checking options. */
          }
        }

        """

    func write(_ text: String, to name: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    @Test func theSyntaxFollowsTheFileName() throws {
        try FaultCommandTests.inFolder { folder in
            for name in [".vscode/settings.json", "tsconfig.json", "tsconfig.app.json", "config.jsonc", ".babelrc"] {
                try write(Self.settings, to: name, in: folder)
                let run = try Keel.shell("\"$KEEL\" validate \(name)", in: folder)
                #expect(run.status == 0, "\(name): \(run.error)")
                #expect(run.output == "\(name): OK (JSONC)\n")
            }
            try write(Self.settings, to: "data.json", in: folder)
            let strict = try Keel.shell("\"$KEEL\" validate data.json", in: folder)
            #expect(strict.status == 1)
            #expect(strict.error == "data.json:1:1: Unexpected '/' at line 1, column 1 (byte 0): expected a value.\n")
            let chosen = try Keel.shell("\"$KEEL\" validate --syntax jsonc data.json && \"$KEEL\" validate --syntax jsonc - < data.json", in: folder)
            #expect(chosen.output == "data.json: OK (JSONC)\n<stdin>: OK (JSONC)\n")
            let refused = try Keel.shell("\"$KEEL\" validate --syntax strict config.jsonc", in: folder)
            #expect(refused.status == 1)
            let broken = try Keel.shell("printf '{\"a\": 1 /* open\\n' > broken.jsonc; \"$KEEL\" validate broken.jsonc", in: folder)
            #expect(broken.status == 1)
            #expect(broken.error == "broken.jsonc:2:1: Unexpected end of input at line 2, column 1 (byte 16) in JSONC: expected '*/' to close the comment at line 1, column 9.\n")
        }
    }

    @Test func editsKeepEveryComment() throws {
        try FaultCommandTests.inFolder { folder in
            try write(Self.tsconfig, to: "tsconfig.json", in: folder)
            let set = try Keel.shell("\"$KEEL\" set tsconfig.json /compilerOptions/target '\"es2022\"' --in-place", in: folder)
            #expect(set.status == 0, "\(set.error)")
            let expected = Self.tsconfig.replacingOccurrences(of: "\"es2016\", ", with: "\"es2022\", ")
            #expect(try String(contentsOf: folder.appendingPathComponent("tsconfig.json"), encoding: .utf8) == expected)
            let delete = try Keel.shell("\"$KEEL\" delete tsconfig.json /compilerOptions/strict --in-place", in: folder)
            #expect(delete.status == 0, "\(delete.error)")
            // The comma before the comments gives way to a space, and comes back in place of one: columns stay.
            let afterDelete = try String(contentsOf: folder.appendingPathComponent("tsconfig.json"), encoding: .utf8)
            #expect(afterDelete.contains("\"module\": \"commonjs\"                                 /* Specify what module code is generated. */\n  }"))
            #expect(afterDelete.contains("// \"lib\": [],"))
            #expect(afterDelete.contains("/* Modules */"))
            #expect(!afterDelete.contains("strict type-checking"))
            try write(#"[{"op": "add", "path": "/compilerOptions/outDir", "value": "dist"}]"#, to: "patch.json", in: folder)
            let patch = try Keel.shell("\"$KEEL\" patch tsconfig.json patch.json", in: folder)
            #expect(patch.status == 0, "\(patch.error)")
            #expect(patch.output.contains("\"module\": \"commonjs\",                                /* Specify what module code is generated. */\n    \"outDir\": \"dist\"\n  }"))
            #expect(patch.output.contains("/* Visit https://aka.ms/tsconfig to read more about this file */"))
        }
    }

    @Test func formatIndentsCommentsWithTheCode() throws {
        try FaultCommandTests.inFolder { folder in
            try write(Self.settings, to: "settings.jsonc", in: folder)
            let format = try Keel.shell("\"$KEEL\" format --indent 4 settings.jsonc", in: folder)
            #expect(format.status == 0, "\(format.error)")
            #expect(format.output == """
                // Editor settings
                {
                    // Controls the font size.
                    "editor.fontSize": 14,
                    "editor.tabSize": 2, // spaces per tab
                    "files.exclude": {
                        "**/.git": true,
                    },
                }

                """)
            let strict = try Keel.shell("\"$KEEL\" format --strict -c settings.jsonc", in: folder)
            #expect(strict.output == #"{"editor.fontSize":14,"editor.tabSize":2,"files.exclude":{"**/.git":true}}"# + "\n")
            let sorted = try Keel.shell("\"$KEEL\" format -S settings.jsonc", in: folder)
            #expect(sorted.status == 1)
            #expect(sorted.error.contains("--sort-keys would part the comments from their members"))
            let inPlace = try Keel.shell("\"$KEEL\" format --tab --in-place settings.jsonc && cat settings.jsonc", in: folder)
            #expect(inPlace.output.contains("\n\t// Controls the font size.\n\t\"editor.fontSize\": 14,\n"))
        }
    }

    static let json5 = """
        // Release settings (JSON5)
        {
          name: 'keel',          // the package
          build: 0x2A,
          ratio: .75,
          limit: Infinity,
          /* what ships */
          files: ['README', 'LICENSE',],
        }

        """

    @Test func json5FilesAreReadAsJSON5() throws {
        try FaultCommandTests.inFolder { folder in
            try write(Self.json5, to: "release.json5", in: folder)
            let run = try Keel.shell("\"$KEEL\" validate release.json5 && \"$KEEL\" validate --syntax json5 - < release.json5", in: folder)
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output == "release.json5: OK (JSON5)\n<stdin>: OK (JSON5)\n")
            let broken = try Keel.shell("printf \"{a: 'x', b: 01}\" > broken.json5; \"$KEEL\" validate broken.json5", in: folder)
            #expect(broken.status == 1)
            #expect(broken.error == "broken.json5:1:14: Invalid number at line 1, column 14 (byte 13) in JSON5: expected '.', 'e' or the end of the number after a leading 0, found '1'.\n")
            let get = try Keel.shell("\"$KEEL\" get release.json5 /build", in: folder)
            #expect(get.output == "42\n")
        }
    }

    @Test func json5EditsKeepCommentsAndSpelling() throws {
        try FaultCommandTests.inFolder { folder in
            try write(Self.json5, to: "release.json5", in: folder)
            let set = try Keel.shell("\"$KEEL\" set release.json5 /build 43 --in-place && cat release.json5", in: folder)
            #expect(set.status == 0, "\(set.error)")
            #expect(set.output == Self.json5.replacingOccurrences(of: "0x2A", with: "43"))
            let delete = try Keel.shell("\"$KEEL\" delete release.json5 /files/0", in: folder)
            #expect(delete.status == 0, "\(delete.error)")
            #expect(delete.output.contains("files: ['LICENSE',],") && delete.output.contains("/* what ships */"))
            try write(#"[{"op": "replace", "path": "/ratio", "value": 0.5}, {"op": "remove", "path": "/limit"}]"#, to: "patch.json", in: folder)
            let patch = try Keel.shell("\"$KEEL\" patch release.json5 patch.json", in: folder)
            #expect(patch.status == 0, "\(patch.error)")
            #expect(patch.output.contains("ratio: 0.5,\n  /* what ships */"))
            #expect(patch.output.contains("name: 'keel',          // the package"))
        }
    }

    @Test func json5FormatKeepsItsTextAndStrictNamesWhatJSONCannotHold() throws {
        try FaultCommandTests.inFolder { folder in
            try write(Self.json5, to: "release.json5", in: folder)
            let format = try Keel.shell("\"$KEEL\" format --indent 4 release.json5", in: folder)
            #expect(format.status == 0, "\(format.error)")
            #expect(format.output.contains("\n    name: 'keel', // the package\n    build: 0x2A,\n"))
            #expect(format.output.contains("\n    /* what ships */\n    files: [\n        'README',\n"))
            let strict = try Keel.shell("\"$KEEL\" format --strict -c release.json5", in: folder)
            #expect(strict.status == 1)
            #expect(strict.output.isEmpty)
            #expect(strict.error == "release.json5: Cannot write inf at $.limit: JSON numbers must be finite. Format it as JSON5 (without --strict) to keep it.\n")
            let finite = try Keel.shell("\"$KEEL\" delete release.json5 /limit | \"$KEEL\" format --syntax json5 --strict -c", in: folder)
            #expect(finite.status == 0, "\(finite.error)")
            #expect(finite.output == #"{"name":"keel","build":42,"ratio":0.75,"files":["README","LICENSE"]}"# + "\n")
        }
    }
}
