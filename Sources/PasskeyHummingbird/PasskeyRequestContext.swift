#if Hummingbird
import HummingbirdAuth

/// The server's request context: Hummingbird's core context with the signed-in session as hummingbird-auth's
/// identity (``SessionAuthenticator`` sets it, ``SessionRequiredMiddleware`` requires it).
public typealias PasskeyRequestContext = BasicAuthRequestContext<AuthenticatedSession>
#endif
