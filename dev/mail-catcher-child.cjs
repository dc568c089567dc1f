// MailDev for scripts/mail-catcher.js, tied to the shop that started it: when
// that process ends, even by SIGKILL, the IPC channel closes and so does the
// inbox, instead of holding its ports for ever. The arguments are MailDev's own.
// It says "ready" once both of its own servers listen: a port answering is not
// proof, as another shop's inbox may hold it (this one then dies of EADDRINUSE).
process.on("disconnect", () => process.exit(0));
const MailDev = require("maildev");
const web = require("maildev/lib/web");

const mailserver = new MailDev();
mailserver.listen().then(function waitForWeb() {
  if (web.server && web.server.listening) process.send?.("ready");
  else setTimeout(waitForWeb, 20);
});
