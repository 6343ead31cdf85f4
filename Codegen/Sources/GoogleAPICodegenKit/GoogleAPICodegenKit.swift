// Discovery document → Swift code generation.
