import KeelFuzzChecks

/// libFuzzer's entry point for `PartialDecoderCheck` (built by `Fuzz/run` with `--sanitize fuzzer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzOneInput(start, count, PartialDecoderCheck.run) }
