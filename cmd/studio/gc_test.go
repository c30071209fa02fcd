package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestBatchGCKeepsTheUsersGOGC: simulate and perft raise the collector's
// target unless GOGC says otherwise.
func TestBatchGCKeepsTheUsersGOGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)

	t.Setenv("GOGC", "50")
	batchGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC=50 set the target became %d, want it left alone", got)
	}
}

// TestBatchGCRaisesTheTarget: without GOGC, batchGC sets batchGCPercent.
func TestBatchGCRaisesTheTarget(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	if v, ok := os.LookupEnv("GOGC"); ok {
		t.Skipf("GOGC=%s is set in this test's environment", v)
	}
	batchGC()
	if got := debug.SetGCPercent(100); got != batchGCPercent {
		t.Errorf("the target is %d after batchGC, want %d", got, batchGCPercent)
	}
}
