//go:build linux

package mate

import "testing"

func TestParseMeminfo(t *testing.T) {
	for _, c := range []struct {
		name, text   string
		total, avail int
		ok           bool
	}{
		{"both", "MemTotal:       24684084 kB\nMemFree:        24259852 kB\nMemAvailable:   24355480 kB\n", 24105, 23784, true},
		{"old kernel", "MemTotal:        2097152 kB\nMemFree:         1048576 kB\n", 2048, 2048, true},
		{"no total", "MemFree:         1048576 kB\n", 0, 0, false},
		{"bad unit", "MemTotal:        2097152 MB\n", 0, 0, false},
		{"bad number", "MemTotal:        2x97152 kB\n", 0, 0, false},
		{"empty", "", 0, 0, false},
	} {
		total, avail, ok := parseMeminfo([]byte(c.text))
		if total != c.total || avail != c.avail || ok != c.ok {
			t.Errorf("%s: got %d, %d, %v; want %d, %d, %v", c.name, total, avail, ok, c.total, c.avail, c.ok)
		}
	}
	if total, avail, ok := machineMemoryMB(); !ok || total <= 0 || avail <= 0 || avail > total {
		t.Errorf("machineMemoryMB() = %d, %d, %v on this machine", total, avail, ok)
	}
}
