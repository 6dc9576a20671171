// Placeholder until the emulator's snapshot set-up lands (the emulator owns this file).
export default function setup(): void {}
