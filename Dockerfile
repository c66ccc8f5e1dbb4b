# Postdeck's image: one image for every role (POSTDECK_ROLE=api | worker | all).
FROM node:24-bookworm-slim
# ffmpeg probes videos and makes their posters; Chromium takes the screenshot proofs of posts;
# the Noto CJK fonts let those screenshots show Chinese and Japanese.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg chromium fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm cache clean --force
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/postdeck CHROMIUM_PATH=/usr/bin/chromium
RUN mkdir -p /var/lib/postdeck && chown node:node /var/lib/postdeck
USER node
EXPOSE 8080
# Readiness, not liveness: not ready while migrations run or the database cannot be reached.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:8080/prod-api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: finish in-flight requests and sends for SHUTDOWN_GRACE_MS, hand back the rest.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.ts"]
