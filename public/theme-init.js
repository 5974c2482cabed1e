// Runs before first paint so a saved dark theme never flashes light.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage blocked: the default light theme stands.
}
