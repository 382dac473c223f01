/** No device could be leased for a worker: the message says which setting, what is there and what to do. */
export class DeviceLeaseError extends Error {
  override name = 'DeviceLeaseError';
}
