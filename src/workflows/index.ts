/** Every workflow the worker runs; the bundler starts here. */
export {};
