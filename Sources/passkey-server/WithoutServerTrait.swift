#if !Server
import Foundation

/// `passkey-server` built without the `Server` package trait: it only says how to build the server.
@main
enum PasskeyServerWithoutTrait {
    static func main() {
        FileHandle.standardError.write(
            Data(
                """
                passkey-server was built without its package trait. Build it with:
                  swift run --traits Server passkey-server serve …
                (add PostgreSQL, as in --traits Server,PostgreSQL, to serve postgres:// databases)

                """.utf8
            )
        )
        exit(2)
    }
}
#endif
