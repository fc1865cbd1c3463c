// The baseline every throughput figure is divided by: a bare Express 5 app with no middleware.
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.send('hello');
});

const server = app.listen(Number(process.env.PORT ?? 0));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
