/// Breaks the loops of types that would hold themselves: a struct cannot contain itself, even through an
/// optional (`struct Node { let next: Node? }` does not compile), while an array or a dictionary of itself is
/// fine. The member that closes such a loop is typed `JSON` instead, so the model still reads every sample.
enum CycleBreaking {
    static func breakCycles(in declarations: inout [ModelDeclaration]) {
        let position = Dictionary(declarations.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var state = [Int](repeating: 0, count: declarations.count)  // 0 unseen, 1 on the path, 2 done
        for start in declarations.indices where state[start] == 0 {
            // Depth-first without recursion: each frame is a declaration and the next of its edges to follow.
            var path: [(declaration: Int, edge: Int)] = [(start, 0)]
            state[start] = 1
            while let (current, edge) = path.last {
                let targets = directTargets(of: declarations[current])
                guard edge < targets.count else {
                    state[current] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].edge += 1
                guard let next = position[targets[edge].name] else { continue }
                switch state[next] {
                case 1:
                    // The loop runs from `next` along the path back to here; a struct on it gives up the
                    // member it followed (a union's cases always lead to structs, so there is one).
                    let loopStart = path.firstIndex { $0.declaration == next } ?? path.count - 1
                    for frame in loopStart..<path.count {
                        guard case .structure = declarations[path[frame].declaration].kind else { continue }
                        let followed = directTargets(of: declarations[path[frame].declaration])[path[frame].edge - 1]
                        cut(member: followed.member, of: &declarations[path[frame].declaration])
                        path[frame].edge -= 1
                        break
                    }
                case 0:
                    state[next] = 1
                    path.append((next, 0))
                default: break
                }
            }
        }
    }

    /// The declarations `declaration` holds directly, with the member (or case) position that holds each.
    private static func directTargets(of declaration: ModelDeclaration) -> [(name: String, member: Int)] {
        switch declaration.kind {
        case .structure(let members):
            return members.enumerated().compactMap { position, member in
                if case .named(let name) = member.type { return (name, position) }
                return nil
            }
        case .union(_, let variants):
            return variants.enumerated().map { ($1.payload, $0) }
        case .enumeration:
            return []
        }
    }

    private static func cut(member: Int, of declaration: inout ModelDeclaration) {
        guard case .structure(var members) = declaration.kind else { return }
        if case .named(let held) = members[member].type {
            let what = held == declaration.name ? "its own type" : "a \(held), which holds a \(declaration.name)"
            members[member].notes.append("Holds \(what): a struct cannot hold itself, so typed JSON.")
        }
        members[member].type = .json
        declaration.kind = .structure(members)
    }
}
