//go:build race

package mate

// raceEnabled is true when the race detector is on: a shared table's
// entries are then written through atomic stores (putShared).
const raceEnabled = true
