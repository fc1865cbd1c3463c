# syntax=docker/dockerfile:1

# ---- build: install the production dependencies only, then bundle dist/ ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The build needs esbuild, a production dependency; the test tools (Jest, Puppeteer) stay out of the image.
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY views ./views
COPY islands ./islands
COPY scripts ./scripts
RUN npm run build

# ---- runtime: the bundles and the production dependencies, run as a non-root user ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# The fonts generated PDFs embed (evidence packages, demo documents), found from the project folder.
COPY --from=build --chown=root:root /app/src/pdf/fonts ./src/pdf/fonts
# The official USCIS PDFs the forms fill (public domain), found from the project folder like the fonts.
COPY --from=build --chown=root:root /app/src/forms/official ./src/forms/official
# The code stays read-only for the app; only DATA_DIR (embedded database, uploads) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Slim images have no curl: ask Node itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/node/ping',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
