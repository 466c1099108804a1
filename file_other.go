//go:build !windows

package uri

// NativeStyle is the PathStyle of the platform the program was built
// for: POSIX here (RFC 8089, Appendix D.1). FromFilePath and FilePath
// never choose a style by themselves; pass NativeStyle for paths of the
// running system.
const NativeStyle = POSIX
