// MARK: - Fast allKeys

extension KeyedDecodingContainer {
    /// The same keys as `allKeys`, in document order, without the standard library's per-key
    /// dynamic casts when `decoder` is a ``GoogleJSONDecoder``'s (they cost more than decoding
    /// the values). Falls back to `allKeys` for any other decoder.
    ///
    /// Call it right after `decoder.container(keyedBy:)`, with that decoder:
    /// ```swift
    /// let container = try decoder.container(keyedBy: CodingKeys.self)
    /// for key in container.googleAllKeys(decoder: decoder) { ... }
    /// ```
    /// - Parameter decoder: The decoder this container came from.
    public func googleAllKeys(decoder: any Decoder) -> [Key] {
        if let json = decoder as? JSONDecoderImpl, json.tape.tokens[json.index].kind == .object {
            return json.allKeys(Key.self, inObject: json.index)
        }
        return allKeys
    }
}
