// The value types this module's public API is made of — `COSEKey`, `COSEAlgorithm`, `Certificate`,
// `PublicKey`, `HashAlgorithm`, `CBORDecoder.Mode`, `CBORValue` … — live in the lower layers PasskeyCrypto
// and PasskeyCBOR, which are not products. They are re-exported so that `import PasskeyVerifier` is all a
// host writes.
@_exported import PasskeyCBOR
@_exported import PasskeyCrypto
