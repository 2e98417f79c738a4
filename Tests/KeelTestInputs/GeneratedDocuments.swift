// Inputs built to stress the parser, shared by the tests and the growth workloads (`KeelWorkloads`), which
// is an executable and so cannot use the test support library.

/// An object of `count` members `"key0":1,"key1":1,...`, keys given by `key`.
public func objectText(keys count: Int, key: (Int) -> String = { "key\($0)" }) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(count * 20)
    for index in 0..<count {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes += key(index).utf8
        bytes += #"":1"#.utf8
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
}

/// A key that shares its hash with every other such key under the multiply-by-31 string hash many languages
/// use ("Aa" and "BB" collide, and so does every string made of those two blocks).
public func collidingKey(_ index: Int) -> String {
    (0..<17).map { index >> $0 & 1 == 0 ? "Aa" : "BB" }.joined()
}
