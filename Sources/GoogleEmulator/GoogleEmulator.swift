// A local emulator of Google OAuth, Drive and YouTube Live.
