import PasskeyVerifier

/// A `CredentialStore` that answers by calling another one (a decorator, such as a deadline on
/// every call): an account store that can read an account and its credential in one statement of its own database
/// (``UserStore/account(forUserHandle:holding:in:)``) looks through it to the store that holds the rows.
public protocol ForwardingCredentialStore: CredentialStore {
    /// The store every call is forwarded to.
    var forwardedStore: any CredentialStore { get }
}

extension CredentialStore {
    /// The store that holds the rows: this one, or the one a chain of ``ForwardingCredentialStore``s forwards to (at
    /// most 16 deep, so that a store forwarding to itself cannot loop).
    public var innermostStore: any CredentialStore {
        var store: any CredentialStore = self
        for _ in 0..<16 {
            guard let forwarding = store as? any ForwardingCredentialStore else { return store }
            store = forwarding.forwardedStore
        }
        return store
    }
}
