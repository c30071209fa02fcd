package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestExitAfterQuitEndsAHungProcess runs this test binary again as a
// studio whose toolkit never returns after the quit (it blocks forever
// once exitAfterQuit was asked): the process must end by itself, with
// status 0 and a line on stderr saying why.
func TestExitAfterQuitEndsAHungProcess(t *testing.T) {
	if os.Getenv("STUDIO_TEST_HUNG_QUIT") == "1" {
		exitAfterQuit(200 * time.Millisecond)
		select {} // a toolkit that never lets runGUI return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestExitAfterQuitEndsAHungProcess$")
	cmd.Env = append(os.Environ(), "STUDIO_TEST_HUNG_QUIT=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) || err != nil {
			t.Fatalf("the hung studio ended with %v, want status 0; stderr:\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the hung studio was still running 10 s after quitting")
	}
	if !strings.Contains(stderr.String(), "did not finish closing") {
		t.Errorf("stderr does not say why the studio ended: %q", stderr.String())
	}
}
