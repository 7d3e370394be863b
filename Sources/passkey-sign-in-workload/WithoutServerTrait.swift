#if !Server
import Foundation

/// `passkey-sign-in-workload` built without the `Server` package trait: it only says how to build it.
@main
enum SignInWorkloadWithoutTrait {
    static func main() {
        FileHandle.standardError.write(
            Data("passkey-sign-in-workload needs the Server trait: swift build --traits Server\n".utf8)
        )
        exit(2)
    }
}
#endif
