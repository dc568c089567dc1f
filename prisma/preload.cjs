// Preloaded into the Prisma CLI (node -r): its WebAssembly engine leaves long
// timers pending, which kept every command alive 10-60 s after finishing.
process.env.CHECKPOINT_DISABLE = "1";
for (const name of ["setTimeout", "setInterval"]) {
  const original = globalThis[name];
  globalThis[name] = function (fn, ms, ...args) {
    const timer = original.call(this, fn, ms, ...args);
    if (typeof ms === "number" && ms >= 1000 && timer && typeof timer.unref === "function") timer.unref();
    return timer;
  };
}
