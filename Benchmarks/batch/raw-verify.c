/* The raw libcrypto baseline for `passkey-verify batch`: verifies the same (SubjectPublicKeyInfo, message,
 * DER signature) triples, ES256, with keys parsed once and EVP_DigestVerifyInit + EVP_DigestVerify per
 * signature, single-threaded, PASSES times over; prints verifications per second of wall-clock time.
 *
 *   cc -O2 raw-verify.c -lcrypto -o raw-verify && ./raw-verify TRIPLES PASSES
 */
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    EVP_PKEY *key;
    unsigned char *message, *signature;
    size_t message_length, signature_length;
} triple;

static unsigned char *unhex(const char *text, size_t *length) {
    size_t n = strlen(text) / 2;
    unsigned char *bytes = malloc(n);
    for (size_t i = 0; i < n; i++) sscanf(text + 2 * i, "%2hhx", &bytes[i]);
    *length = n;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: raw-verify TRIPLES PASSES\n"); return 2; }
    FILE *file = fopen(argv[1], "r");
    if (!file) { perror(argv[1]); return 2; }
    int passes = atoi(argv[2]);
    size_t capacity = 1024, count = 0;
    triple *triples = malloc(capacity * sizeof(triple));
    char key_hex[512], message_hex[512], signature_hex[512];
    while (fscanf(file, "%511s %511s %511s", key_hex, message_hex, signature_hex) == 3) {
        if (count == capacity) triples = realloc(triples, (capacity *= 2) * sizeof(triple));
        size_t key_length;
        unsigned char *der = unhex(key_hex, &key_length);
        const unsigned char *cursor = der;
        triples[count].key = d2i_PUBKEY(NULL, &cursor, (long)key_length);
        free(der);
        triples[count].message = unhex(message_hex, &triples[count].message_length);
        triples[count].signature = unhex(signature_hex, &triples[count].signature_length);
        if (!triples[count].key) { fprintf(stderr, "bad key on line %zu\n", count + 1); return 1; }
        count++;
    }
    fclose(file);
    const EVP_MD *sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    long verified = 0;
    for (int pass = 0; pass < passes; pass++) {
        for (size_t i = 0; i < count; i++) {
            EVP_MD_CTX *context = EVP_MD_CTX_new();
            if (EVP_DigestVerifyInit(context, NULL, sha256, NULL, triples[i].key) == 1
                && EVP_DigestVerify(context, triples[i].signature, triples[i].signature_length,
                                    triples[i].message, triples[i].message_length) == 1) {
                verified++;
            }
            EVP_MD_CTX_free(context);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    if (verified != (long)count * passes) { fprintf(stderr, "only %ld of %ld verified\n", verified, (long)count * passes); return 1; }
    printf("%.0f\n", verified / seconds);
    return 0;
}
