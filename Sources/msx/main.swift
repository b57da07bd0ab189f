#if canImport(Glibc)
import CSystemMalloc
#endif
import Foundation
import MsxCLI

signal(SIGPIPE, SIG_DFL)
#if canImport(Glibc)
// Buffers of 256 KiB and more get pages of their own, given back to the system when freed. By default glibc raises
// that threshold to the largest buffer freed so far (a whole manuscript's bytes) and keeps up to twice as much freed
// memory, which swells the peak memory of a diff of two manuscripts.
mallopt(M_MMAP_THRESHOLD, 256 << 10)
// Setting it also fixes how much freed memory the top of the heap keeps before it is given back: as much as glibc's
// own rule would keep beside that threshold (twice it), so what one document's parse frees is taken again by the
// next instead of the heap shrinking and growing with every document.
mallopt(M_TRIM_THRESHOLD, 512 << 10)
#endif
exit(MsxCommandLine.run(Array(CommandLine.arguments.dropFirst()), in: .process()))
