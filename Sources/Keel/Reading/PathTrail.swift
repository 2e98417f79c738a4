/// The steps of a lookup chain, newest first, each step sharing the ones before it.
///
/// `json["a"]["b"]["c"]` makes three lookups; if each copied the path of the one before, a chain of d steps
/// would cost O(d²). A trail node holds one step and points at the previous node, so a step costs O(1) and
/// the ``JSONPath`` is built only when someone asks for it (an error message, ``JSONLookup/path``).
final class PathTrail: @unchecked Sendable {
    // `@unchecked`: `previous` is only written in `deinit`, when no other reference can read it.
    private(set) var previous: PathTrail?
    let component: JSONPath.Component
    /// How many steps lead here, this one included.
    let depth: Int

    init(_ previous: PathTrail?, _ component: JSONPath.Component) {
        self.previous = previous
        self.component = component
        self.depth = (previous?.depth ?? 0) + 1
    }

    /// The trail of `path`'s steps; `nil` for the root.
    convenience init?(_ path: JSONPath) {
        guard let last = path.components.last else { return nil }
        var trail: PathTrail?
        for component in path.components.dropLast() { trail = PathTrail(trail, component) }
        self.init(trail, last)
    }

    /// The steps from the start, oldest first.
    var path: JSONPath {
        var components = [JSONPath.Component](repeating: .index(0), count: depth)
        var node: PathTrail? = self
        while let current = node {
            components[current.depth - 1] = current.component
            node = current.previous
        }
        return JSONPath(components)
    }

    /// Releases a long trail one node at a time: letting each node release the next from its own `deinit`
    /// would nest one call per step and could overflow the stack on a very deep chain.
    deinit {
        guard var node = previous else { return }
        previous = nil
        while isKnownUniquelyReferenced(&node), let next = node.previous {
            node.previous = nil
            node = next
        }
    }
}
