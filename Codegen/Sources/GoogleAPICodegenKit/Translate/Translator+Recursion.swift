// MARK: - Recursion analysis

extension Translator {
    /// Finds the struct properties that close a storage cycle (a struct containing itself
    /// through non-collection properties) and so must be boxed. Arrays and maps already store
    /// their elements out of line, so only direct `$ref`s and inline objects count as edges.
    /// - Returns: JSON paths of properties to box (`schemas.Foo.properties.parent`).
    /// - Throws: `TranslationError` for a `$ref` to a schema that does not exist.
    func findBoxedProperties() throws(TranslationError) -> Set<String> {
        var graph = StorageGraph()
        for key in (document.schemas ?? [:]).keys.sorted() {
            guard let schema = document.schemas?[key] else { continue }
            try addEdges(from: "schemas.\(key)", schema: schema, to: &graph)
        }
        let components = graph.stronglyConnectedComponents()
        var boxed: Set<String> = []
        for edge in graph.edges where components[edge.from] == components[edge.to] {
            boxed.insert(edge.propertyPath)
        }
        return boxed
    }

    private func addEdges(from node: String, schema: DiscoverySchema, to graph: inout StorageGraph) throws(TranslationError) {
        graph.addNode(node)
        if let ref = schema.ref {
            // A schema that is only a `$ref` aliases its target.
            guard document.schemas?[ref] != nil else {
                throw TranslationError(path: node, message: "$ref \"\(ref)\" names no schema")
            }
            graph.addEdge(from: node, to: "schemas.\(ref)", propertyPath: node)
        }
        for (name, property) in (schema.properties ?? [:]).sorted(by: { $0.key < $1.key }) {
            let propertyPath = "\(node).properties.\(name)"
            if let ref = property.ref {
                guard document.schemas?[ref] != nil else {
                    throw TranslationError(path: propertyPath, message: "$ref \"\(ref)\" names no schema")
                }
                graph.addEdge(from: node, to: "schemas.\(ref)", propertyPath: propertyPath)
            } else if property.properties != nil {
                graph.addEdge(from: node, to: propertyPath, propertyPath: propertyPath)
                try addEdges(from: propertyPath, schema: property, to: &graph)
            } else {
                try addCollectionNodes(at: propertyPath, schema: property, to: &graph)
            }
        }
    }

    /// Inline objects inside arrays/maps are structs too (no edge from the container).
    private func addCollectionNodes(at path: String, schema: DiscoverySchema, to graph: inout StorageGraph) throws(TranslationError) {
        for (suffix, element) in [("items", schema.items), ("additionalProperties", schema.additionalProperties)] {
            guard let element else { continue }
            let elementPath = "\(path).\(suffix)"
            if let ref = element.ref, document.schemas?[ref] == nil {
                throw TranslationError(path: elementPath, message: "$ref \"\(ref)\" names no schema")
            }
            if element.properties != nil {
                try addEdges(from: elementPath, schema: element, to: &graph)
            } else {
                try addCollectionNodes(at: elementPath, schema: element, to: &graph)
            }
        }
    }
}

// MARK: - StorageGraph

/// Directed graph of "struct stores struct inline" relations.
struct StorageGraph {
    struct Edge {
        var from: String
        var to: String
        var propertyPath: String
    }

    private(set) var edges: [Edge] = []
    private var nodes: [String] = []
    private var nodeIndex: [String: Int] = [:]
    private var successors: [[Int]] = []

    mutating func addNode(_ node: String) {
        guard nodeIndex[node] == nil else { return }
        nodeIndex[node] = nodes.count
        nodes.append(node)
        successors.append([])
    }

    mutating func addEdge(from: String, to: String, propertyPath: String) {
        addNode(from)
        addNode(to)
        edges.append(Edge(from: from, to: to, propertyPath: propertyPath))
        if let source = nodeIndex[from], let target = nodeIndex[to] {
            successors[source].append(target)
        }
    }

    /// Component id per node (Tarjan, iterative so deep schemas cannot overflow the stack).
    /// Nodes alone in a component without a self-edge get a unique id, so an edge between two
    /// nodes of the same id always lies on a cycle.
    func stronglyConnectedComponents() -> [String: Int] {
        let count = nodes.count
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: count)
        var nextIndex = 0
        var nextComponent = 0

        for start in 0..<count where index[start] == -1 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = work.last {
                if edge < successors[node].count {
                    work[work.count - 1].edge += 1
                    let next = successors[node][edge]
                    if index[next] == -1 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                    if lowLink[node] == index[node] {
                        while let member = stack.popLast() {
                            onStack[member] = false
                            component[member] = nextComponent
                            if member == node { break }
                        }
                        nextComponent += 1
                    }
                }
            }
        }
        var sizes = [Int](repeating: 0, count: nextComponent)
        for id in component where id >= 0 { sizes[id] += 1 }
        var result: [String: Int] = [:]
        for (offset, node) in nodes.enumerated() {
            // Singletons without a self-loop are not cycles: give them ids no edge can match.
            let selfLoop = successors[offset].contains(offset)
            let members = sizes[component[offset]]
            result[node] = (members > 1 || selfLoop) ? component[offset] : -(offset + 1)
        }
        return result
    }
}
