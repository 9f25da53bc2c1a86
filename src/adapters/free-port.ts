import net from 'node:net';

/**
 * A free TCP port on 127.0.0.1, chosen by the kernel and left reserved for a while: a connection to it is closed from
 * the listening side first, so the port sits in TIME_WAIT (60 s on Linux), when the kernel hands it to no other bind to
 * port 0, while an explicit bind (SO_REUSEADDR, which Node, Go and PostgreSQL set) still takes it. Without that, a
 * Temporal dev server starting beside us (it picks its internal services' ports by binding port 0) took a port chosen
 * here for another server's frontend. The technique is the Temporal CLI's own (devserver/freeport.go).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    let port = 0;
    let pending = 2; // the listener and the client, each closed
    const done = () => {
      if (--pending === 0) resolve(port);
    };
    const srv = net.createServer((accepted) => {
      accepted.destroy();
      srv.close(done);
    });
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      port = (srv.address() as net.AddressInfo).port;
      const client = net.connect(port, '127.0.0.1');
      client.on('error', () => {}); // a reset instead of the close is as good: 'close' follows either way
      client.once('end', () => client.end());
      client.once('close', done);
    });
  });
}
