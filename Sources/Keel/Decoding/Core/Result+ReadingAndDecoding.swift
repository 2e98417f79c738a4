// Reading results (`Result<_, JSONAccessError>`) and decoding results (`Result<_, JSONDecodingError>`) chain
// into each other without conversion code, as the Freddy library's results did: the chain's failure type is
// the decoding error, which keeps the reading error's kind name, path and place.

extension Result where Failure == JSONAccessError {
    /// Continues a reading result with a decoding step; the result fails with the first failure of either.
    ///
    /// ```swift
    /// let people = json.bind { $0["people"] }.array.bind { collectResults($0.map(Person.create(json:))) }
    /// // Result<[Person], JSONDecodingError>
    /// ```
    public func bind<NewSuccess>(
        _ transform: (Success) -> Result<NewSuccess, JSONDecodingError>
    ) -> Result<NewSuccess, JSONDecodingError> {
        mapError(JSONDecodingError.init).flatMap(transform)
    }
}

extension Result where Failure == JSONDecodingError {
    /// Continues a decoding result with a reading step; the result fails with the first failure of either.
    public func bind<NewSuccess>(
        _ transform: (Success) -> Result<NewSuccess, JSONAccessError>
    ) -> Result<NewSuccess, JSONDecodingError> {
        flatMap { transform($0).mapError(JSONDecodingError.init) }
    }
}

extension JSONLookup where Value == JSONView {
    /// Decodes the found value as `T`; a failed lookup or a failed decoding is the result's failure.
    ///
    /// ```swift
    /// let first = json["people"][0].decode(Person.self)   // Result<Person, JSONDecodingError>
    /// ```
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self) -> Result<T, JSONDecodingError> {
        result.bind { value in Result { () throws(JSONDecodingError) in try T.decode(value) } }
    }
}
