//go:build !race

package uri

const raceEnabled = false
