// Where the scanner's two switches are read when it runs: whether it uses the vector loops, and whether it
// records a tape. Asked at every token they cost a load and a branch each, and they keep the scalar loops in
// the hot code; a scan whose switches are known when it is compiled carries neither. The scanner's functions
// take the mode as a type, `ConfiguredScan` when not told, so that each mode is compiled as its own copy.

/// How a scan reads the scanner's switches.
protocol ScanMode {
    /// Whether the scan looks at sixteen bytes at a time (``Scanner/usesVectorLoops``).
    static func usesVectorLoops(_ scanner: Scanner) -> Bool
    /// Whether the scan writes the tape (``Scanner/recordsTape``).
    static func recordsTape(_ scanner: Scanner) -> Bool
}

/// The switches as the scanner was made with: any scan.
enum ConfiguredScan: ScanMode {
    @inline(__always) static func usesVectorLoops(_ scanner: Scanner) -> Bool { scanner.usesVectorLoops }
    @inline(__always) static func recordsTape(_ scanner: Scanner) -> Bool { scanner.recordsTape }
}

/// Both switches on, fixed: the parse of a document on a processor with vector instructions, which
/// ``Scanner/scanDocument()`` picks when the scanner's own switches say the same.
enum VectorRecordingScan: ScanMode {
    @inline(__always) static func usesVectorLoops(_ scanner: Scanner) -> Bool { true }
    @inline(__always) static func recordsTape(_ scanner: Scanner) -> Bool { true }
}
