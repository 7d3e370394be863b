#!/usr/bin/env python3
"""Checks, with exact group arithmetic, the small-order point encodings that
Sources/PasskeyCrypto/Keys/EdwardsCurveSmallOrderPoints.swift refuses as Ed25519 and Ed448 public keys.

For every listed y-coordinate and both sign bits, the point is either not on the curve (an invalid
encoding) or has order 1, 2, 4 or 8; and every point of order dividing the cofactor is listed. Uses only the
Python standard library. Exit status 0 when everything holds.
"""
import sys

ED25519_P = 2**255 - 19
ED25519_D = (-121665 * pow(121666, ED25519_P - 2, ED25519_P)) % ED25519_P
ED448_P = 2**448 - 2**224 - 1
ED448_D = ED448_P - 39081

ED25519_Y = [0, 1, ED25519_P - 1, ED25519_P, ED25519_P + 1,
             int.from_bytes(bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"), "little"),
             int.from_bytes(bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"), "little")]
ED448_Y = [0, 1, ED448_P - 1, ED448_P, ED448_P + 1]


def sqrt_mod(value, p):
    """A square root of value modulo p, or None (p is 5 mod 8 for Ed25519, 3 mod 4 for Ed448)."""
    value %= p
    if p % 4 == 3:
        root = pow(value, (p + 1) // 4, p)
    else:
        root = pow(value, (p + 3) // 8, p)
        if (root * root - value) % p:
            root = root * pow(2, (p - 1) // 4, p) % p
    return root if (root * root - value) % p == 0 else None


def order(point, add, identity, limit=8):
    current = point
    for n in range(1, limit + 1):
        if current == identity:
            return n
        current = add(current, point)
    return None


def check(name, p, a, d, ys, cofactor):
    def add(first, second):
        x1, y1 = first
        x2, y2 = second
        t = d * x1 * x2 * y1 * y2
        return ((x1 * y2 + x2 * y1) * pow(1 + t, p - 2, p) % p,
                (y1 * y2 - a * x1 * x2) * pow(1 - t, p - 2, p) % p)

    found = set()
    for y in ys:
        reduced = y % p
        x_squared = (reduced * reduced - 1) * pow(d * reduced * reduced - a, p - 2, p) % p
        root = sqrt_mod(x_squared, p)
        if root is None:
            print("%s: y=%d is not on the curve" % (name, y))
            return False
        for x in {root, (p - root) % p}:
            n = order((x, reduced), add, (0, 1), cofactor)
            if n is None or cofactor % n:
                print("%s: y=%d x=%d has order %s" % (name, y, x, n))
                return False
            found.add((x, reduced))
    # every point of order dividing the cofactor: the cofactor-torsion subgroup has exactly `cofactor` points
    if len(found) != cofactor:
        print("%s: %d small-order points listed, expected %d" % (name, len(found), cofactor))
        return False
    print("%s: %d y values, %d distinct small-order points: ok" % (name, len(ys), len(found)))
    return True


ok = check("Ed25519", ED25519_P, -1 % ED25519_P, ED25519_D, ED25519_Y, 8)
ok = check("Ed448", ED448_P, 1, ED448_D, ED448_Y, 4) and ok
sys.exit(0 if ok else 1)
