// MailDev for scripts/mail-catcher.js, tied to the shop that started it: when
// that process ends, even by SIGKILL, the IPC channel closes and so does the
// inbox, instead of holding its ports for ever. The arguments are MailDev's own.
process.on("disconnect", () => process.exit(0));
require("maildev/bin/maildev");
