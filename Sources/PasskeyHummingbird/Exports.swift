#if Hummingbird
/// A host imports `PasskeyHummingbird` alone: the configuration, storage and bodies the routes share with every
/// adapter are `PasskeyHTTP`'s.
@_exported import PasskeyHTTP
#endif
