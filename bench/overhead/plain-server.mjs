// A loopback server that answers like the service (JSON and every rate-limit field) and does
// nothing else; run in its own process so that it does not share the client's event loop.
import { createServer } from 'node:http';

const BODY = JSON.stringify({ status: 'success', id: 1, output: ['https://cdn.example/a.png'] });
const HEADERS = {
  'content-type': 'application/json',
  'ratelimit-policy': '"generation";q=1000000;w=60;pk=:AAECAwQFBgc=:',
  ratelimit: '"generation";r=999999;t=30;pk=:AAECAwQFBgc=:',
  'ratelimit-limit': '1000000',
  'ratelimit-remaining': '999999',
  'ratelimit-reset': '30',
  'x-ratelimit-remaining': '999999',
  'service-api-version': 'v7',
  'service-api-lifecycle': 'stable',
};

const server = createServer((_request, response) => {
  response.writeHead(200, HEADERS);
  response.end(BODY);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('disconnect', () => server.close());
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
