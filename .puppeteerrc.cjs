// Puppeteer never downloads its own browser here: the tests drive the system Chromium.
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium',
};
