package main

import (
	"fmt"
	"os"
	"time"
)

// quitGrace is how long the window toolkit has, after the designer quit, to
// end its event loop and let runGUI return.
const quitGrace = 3 * time.Second

// exitAfterQuit ends the process if it is still running grace after the
// designer quit. By then the editor has stopped its work and closed the
// project (editor.Editor.OnQuit), so nothing is left to save; what keeps a
// process alive then is Fyne's shutdown, which can wait forever: its
// lifecycle goroutine may hand the stopped hook to a main loop that has
// just drained its queue for the last time (fyne v2.7.1
// internal/driver/glfw/loop.go, read, not seen here), and Run then waits
// for that hook. CI once saw a studio not end within 10 s of ctrl+Q
// (TestWindowEditsAndKeepsAGraph), with nothing to tell whether the quit
// had run; the GUI tests now print the goroutines of a studio that does
// not end, and log when this exit was needed. The exit says why on stderr
// and reports success: the quit did.
func exitAfterQuit(grace time.Duration) {
	time.AfterFunc(grace, func() {
		fmt.Fprintf(os.Stderr, "studio: the window did not finish closing %v after quitting; the project was closed first, ending now\n", grace)
		os.Exit(0)
	})
}
