// The collecting style's names before 0.2, when "salvaging" and "collecting" both named it. They still
// compile, with a warning that offers the new name.

@available(*, deprecated, renamed: "CollectingJSONDecoder")
public typealias SalvagingJSONDecoder = CollectingJSONDecoder

@available(*, deprecated, renamed: "CollectingDecoder")
public typealias SalvagingDecoder = CollectingDecoder

@available(*, deprecated, renamed: "CollectingJSONDecodable")
public typealias SalvagingJSONDecodable = CollectingJSONDecodable

@available(*, deprecated, renamed: "CollectedError")
public typealias SalvagedError = CollectedError

@available(*, deprecated, message: "Use Collected<Value, CollectedError>")
public typealias Salvaged<Value> = Collected<Value, CollectedError>
