# Varnish in front of Comptoir's instances (docs/deployment.md, "A shared cache in front"):
# nginx (TLS) → varnishd → the instances. Debian: apt install varnish varnish-modules (xkey), and
# in the varnish unit `-a 127.0.0.1:6081 -f /etc/varnish/comptoir.vcl` (nginx's upstream).
#
# It keeps the pages the shop marks public (Cache-Control: public, s-maxage), keyed by URL, host
# and the isProvince cookie, as the shop's own page cache is; it never keeps a request of a
# signed-in shopper (customerAccessToken) or with Authorization; it drops pages by surrogate key
# when the shop sends PURGE with the keys (Surrogate-Key → xkey), or by URL. Everything else
# (carts, checkout, the admin area, uploads) passes through to an instance.
#
# Edit: the backends (the instances' addresses), and the purge token: the same value as the
# shop's SHARED_CACHE_PURGE_TOKEN. e2e/nginx.spec.ts and server/shared-cache.int.test.ts run this
# very file, its ports and token swapped for the tests'.
vcl 4.1;

import directors;
import xkey;

# An instance is taken out of the rotation when its database stops answering.
probe ready {
    .url = "/readyz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend shop_1 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = ready;
    .connect_timeout = 5s;
    # Longer than the slowest answer an instance gives (exports and rebuilds answer at once).
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
}

backend shop_2 {
    .host = "127.0.0.1";
    .port = "3002";
    .probe = ready;
    .connect_timeout = 5s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
}

# Any instance answers anyone (carts, sessions and caches are coherent through PostgreSQL).
sub vcl_init {
    new instances = directors.round_robin();
    instances.add_backend(shop_1);
    instances.add_backend(shop_2);
}

sub vcl_recv {
  set req.backend_hint = instances.backend();
  if (req.method == "PURGE") {
    if (req.http.X-Purge-Token != "change-this-purge-token") {
      return (synth(403, "Forbidden"));
    }
    if (req.http.X-Purge-Keys) {
      # Hard purge: the pages go at once, none is served stale.
      set req.http.X-Purged = xkey.purge(req.http.X-Purge-Keys);
      return (synth(200, "Purged"));
    }
    # One URL, every variant of it (both isProvince markers).
    ban("obj.http.X-Url == " + req.url);
    return (synth(200, "Banned"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)customerAccessToken=") {
    return (pass);
  }
  # The page varies on isProvince only: it goes in the key (vcl_hash), and the other cookies
  # (a cart's, consent, analytics) neither split the cache nor, since Varnish would then pass,
  # stop it. The instance still gets them on a miss; a page that sets a cookie is not kept.
  if (req.http.Cookie ~ "(^|;\s*)isProvince=true(;|$)") {
    set req.http.X-Province = "true";
  } else {
    unset req.http.X-Province;
  }
  set req.http.X-Saved-Cookie = req.http.Cookie;
  unset req.http.Cookie;
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  hash_data(req.http.X-Province);
  return (lookup);
}

sub vcl_backend_fetch {
  if (bereq.http.X-Saved-Cookie) {
    set bereq.http.Cookie = bereq.http.X-Saved-Cookie;
  }
  unset bereq.http.X-Saved-Cookie;
  unset bereq.http.X-Province;
}

sub vcl_backend_response {
  # Only what the shop says is public, for a shared cache, and sets no cookie.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "(^|[\s,])public([\s,]|$)" ||
      beresp.http.Cache-Control ~ "(^|[\s,])(private|no-store)([\s,]|$)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  set beresp.http.xkey = beresp.http.Surrogate-Key;
  set beresp.http.X-Url = bereq.url;
  return (deliver);
}

# An instance that is stopping or gone: the next one, for requests that may be repeated (a POST
# that reached an instance is never sent again).
sub vcl_backend_error {
  if (bereq.retries < 1 && (bereq.method == "GET" || bereq.method == "HEAD")) {
    return (retry);
  }
}

sub vcl_deliver {
  # The keys are for this cache: visitors need none of them (a category page names a hundred
  # products, some 3 kB of headers), as Fastly and Cloudflare drop them too.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  unset resp.http.X-Url;
  if (obj.uncacheable) {
    set resp.http.X-Shared-Cache = "PASS";
  } elsif (obj.hits > 0) {
    set resp.http.X-Shared-Cache = "HIT";
  } else {
    set resp.http.X-Shared-Cache = "MISS";
  }
}

sub vcl_synth {
  if (req.method == "PURGE" && req.http.X-Purged) {
    set resp.http.X-Purged = req.http.X-Purged;
  }
}
