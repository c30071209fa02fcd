package layout

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill cmd when the studio dies, so a killed
// studio leaves no dot process running (Linux: PR_SET_PDEATHSIG).
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
