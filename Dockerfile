# Community Meal Sites: the production image (docs/deploy.md).
#   docker build -t meal-sites .
#   docker run -p 3000:3000 -e BASE_URL=http://localhost:3000 -v meal-sites-data:/var/lib/meal-sites meal-sites
# The container runs exactly the production command CI tests (scripts/production.test.ts):
# `node dist/app/main.js`, as PID 1, so `docker stop`'s SIGTERM reaches the server: it drains, closes the
# database and exits 0.

# Build stage: every dependency, then the client, its server renderer and the server bundle.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the built files only; no sources, no compiler.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/meal-sites
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The embedded database, uploads and the e-mail outbox; owned by the unprivileged user.
RUN mkdir -p /var/lib/meal-sites && chown node:node /var/lib/meal-sites
VOLUME ["/var/lib/meal-sites"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/app/main.js"]
