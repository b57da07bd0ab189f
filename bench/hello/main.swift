// The start-up floor for scripts/bench-history.sh: a Swift program that loads Foundation (as msx does) and
// prints one line. Built there with `swiftc -O -static-stdlib` (linked as `make release` links msx) into bench/out/
// (never committed).
import Foundation

print("Hello from \(ProcessInfo.processInfo.processName)")
