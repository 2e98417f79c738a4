import KeelFuzzChecks

/// libFuzzer's entry point for `CommentedCheck` (built by `Fuzz/run` with `--sanitize fuzzer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzOneInput(start, count, CommentedCheck.run) }
