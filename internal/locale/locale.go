// Package locale gives Fyne a locale it can parse when the environment's is the
// POSIX "C" locale (or none), as on fresh servers, CI machines and under Xvfb.
// Fyne reads the locale while its packages initialise and logs a "Fyne error"
// for "C", which every command of the studio would then print. The studio's main
// package imports this package first; Go initialises it before Fyne because it
// depends on nothing but the standard library and sorts before Fyne's
// dependencies (golang.org/x/text) by import path.
package locale

import "os"

func init() {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		switch os.Getenv(v) {
		case "":
			continue
		case "C", "POSIX", "C.UTF-8", "C.utf8":
			os.Setenv(v, "en_US.UTF-8")
		default:
			return
		}
	}
	if os.Getenv("LANG") == "" {
		os.Setenv("LANG", "en_US.UTF-8")
	}
}
