// The two Result helpers the Freddy library's examples rely on.

extension Result {
    /// Continues with `transform` on success; a failure passes through. The same as `flatMap`, under the
    /// name the Freddy library used:
    ///
    /// ```swift
    /// name.bind { n in age.map { a in Person(name: n, age: a) } }
    /// ```
    public func bind<NewSuccess>(_ transform: (Success) -> Result<NewSuccess, Failure>) -> Result<NewSuccess, Failure> {
        flatMap(transform)
    }
}

/// Turns results into one result of an array: every value in order, or the first failure.
///
/// ```swift
/// let people = json["people"].array.bind { collectResults($0.map(Person.createWithJSONValue)) }
/// ```
public func collectResults<T, E: Error>(_ results: some Sequence<Result<T, E>>) -> Result<[T], E> {
    var values: [T] = []
    values.reserveCapacity(results.underestimatedCount)
    for result in results {
        switch result {
        case .success(let value): values.append(value)
        case .failure(let error): return .failure(error)
        }
    }
    return .success(values)
}
