package mate

import "testing"

func probeDump(t *testing.T) {}
