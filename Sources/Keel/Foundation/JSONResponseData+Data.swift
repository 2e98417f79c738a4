// Response data as Foundation's `Data`, where Foundation is available (LastMile's `ResponseData.data`).
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONResponseData {
    /// The document's text as `Data`.
    public var data: Data { Data(bytes) }
}
#endif
