/** The storefront's way to the services: the shared registry of the platform kernel. */
export {
  configureService,
  type ServiceConfig,
  type ServiceName,
  serviceConfig,
  serviceFetch,
} from "#platform/services.ts";
