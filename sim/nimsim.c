/* nimsim.c - command line of the Nim board simulator (sim/README.md). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_vcd_file.h>
#include <uart_pty.h>

#include "bootloader.h"
#include "play.h"
#include "png.h"
#include "script.h"
#include "selfprog.h"
#include "sim.h"
#include "trace.h"
#include "usb_serial.h"

#ifndef SIM_DEFAULT_ELF
#define SIM_DEFAULT_ELF "build/nim.elf"
#endif

static void usage(FILE *f)
{
    fprintf(f,
        "usage: nimsim [options] [ELF]      (ELF defaults to " SIM_DEFAULT_ELF ")\n"
        "  --script FILE     run a test/demo script ('-' = stdin); exit 1 at the first failed expect\n"
        "  --play            play in this terminal; without one, a script from stdin as text\n"
        "                    frames, or (stdin empty) the title and a demo game\n"
        "  --fast            no wall-clock pacing (default with --script or when stdout is no terminal)\n"
        "  --realtime        pace to the wall clock even then (for --pty with a script)\n"
        "  --modules N       chained MAX7219 modules, must match the build (%d here)\n"
        "  --uart-out FILE   write every byte the firmware sends to FILE ('-' = stdout)\n"
        "  --uart-in FILE    feed FILE to the UART receiver at line speed\n"
        "  --marks FILE      one line \"<cycle> <value>\" per GPIOR1 write\n"
        "  --until-done      stop when the CPU halts for good (cli + sleep); exit 0\n"
        "  --max-cycles N    stop after N cycles (exit 3 if --until-done was not met)\n"
        "  --eeprom FILE     EEPROM image loaded at start (if it exists), saved at exit\n"
        "  --vcd FILE        VCD trace of the pins, UART bytes and markers (gtkwave)\n"
        "  --png FILE        picture of the board at the end (PNG)\n"
        "  --stack           print the stack high-water (RAM painted from _end to RAMEND)\n"
        "  --power           print awake/asleep cycles by SMCR sleep mode, wake-ups, supply current and voltage\n"
        "  --bounce N        every press/release bounces N edges (script: bounce N)\n"
        "  --latency FILE    per press: cycles to the first SPI word of the next frame\n"
        "                    change (\"<press> <word> <us> <EEPROM writes>\"); summary on stderr\n"
        "  --power-log FILE  with --power: the supply current every 100 ms (\"<ms> <mA> <MCU> <display> <piezo> <extras>\")\n"
        "  --parts LIST      with --power: board extras drawing current, led,reg,usb (the Nano's power LED,\n"
        "                    regulator, USB-serial chip) or none (default: a bare ATmega328P board)\n"
        "  --eeprom-log FILE one line per EEPROM write: \"<start cycle> <end cycle> <addr> <old> <new>\"\n"
        "  --vcc V           supply voltage at start (default 5.0; the BOD level is the fuse's)\n"
        "  --pty             UART0 on a pty (/tmp/simavr-uart0), for avrdude/PC tools\n"
        "  --bootloader HEX  start a chip holding this bootloader (reset vector per --hfuse)\n"
        "  --hfuse 0xHH      high fuse: boot section size and BOOTRST (default the board's 0x%02X)\n"
        "  --lock 0xHH       lock bits: SPM refused where they protect (default 0x3F, none)\n"
        "  --auto-reset      with --pty: a host opening the port resets the chip (DTR through\n"
        "                    100 nF to RESET: EXTRF), as a USB-serial adapter on the header does\n"
        "  --baud-check      with --pty: a byte crosses as the receiver samples it at its own\n"
        "                    baud (host: the pty's termios, chip: UBRR0), garbled if they differ\n"
        "  --erase           application flash blank (0xFF) at start, as on a new chip\n"
        "  --dump-flash FILE write the application flash (below the boot section) at exit\n"
        "  --trace FILE      every input and output with its cycle (tests/web replays it on avr8js)\n"
        "  -h, --help        this list\n"
        "exit: 0 ok, 1 failed expect, 2 usage, 3 --max-cycles reached before done, 4 crash\n",
        BOARD_MODULES, BOARD_FUSE_HIGH);
}

static volatile sig_atomic_t stop_requested;
static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* Between two steps: a signal ends the run; the adapter's DTR (ctx, may
 * be NULL) resets the chip, outside avr_run as a reset must be. */
static bool stop_on_signal(sim_t *s, void *ctx)
{
    if (ctx && usb_serial_opened(ctx))
        sim_external_reset(s);
    return stop_requested;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-')
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

static FILE *open_out(const char *path)
{
    if (strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "nimsim: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static void vcd_setup(sim_t *s, avr_vcd_t *vcd, const char *path)
{
    avr_vcd_init(s->avr, path, vcd, 1000 /* us between flushes */);
    avr_irq_t *spi = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_SPI_PORT), 0);
    avr_vcd_add_signal(vcd, spi + BOARD_SPI_MOSI, 1, "MOSI");
    avr_vcd_add_signal(vcd, spi + BOARD_SPI_SCK, 1, "SCK");
    avr_vcd_add_signal(vcd, spi + BOARD_SPI_CS, 1, "CS");
    avr_irq_t *pz = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_PIEZO_PORT), 0);
    avr_vcd_add_signal(vcd, pz + BOARD_PIEZO_PIN, 1, "PIEZO");
    avr_irq_t *btn = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ(BOARD_BTN_PORT), 0);
    avr_vcd_add_signal(vcd, btn + IOPORT_IRQ_PIN_ALL, 8, "BTN_PORT");
    avr_vcd_add_signal(vcd, avr_io_getirq(s->avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                       8, "UART_TX");
    avr_vcd_add_signal(vcd, avr_iomem_getirq(s->avr, ADDR_GPIOR1, NULL, AVR_IOMEM_IRQ_ALL),
                       8, "MARK");
    avr_vcd_start(vcd);
}

int main(int argc, char **argv)
{
    enum { O_SCRIPT = 256, O_FAST, O_MODULES, O_UART_OUT, O_UART_IN, O_MARKS, O_UNTIL_DONE,
           O_MAX_CYCLES, O_EEPROM, O_VCD, O_PNG, O_STACK, O_POWER, O_PTY, O_BOOT, O_ERASE, O_DUMP_FLASH, O_PLAY,
           O_BOUNCE, O_REALTIME, O_LATENCY, O_HELP, O_VCC, O_POWER_LOG, O_PARTS, O_EEPROM_LOG, O_TRACE,
           O_HFUSE, O_AUTO_RESET, O_BAUD_CHECK, O_LOCK };
    static const struct option opts[] = {
        { "script", 1, 0, O_SCRIPT }, { "fast", 0, 0, O_FAST }, { "modules", 1, 0, O_MODULES },
        { "uart-out", 1, 0, O_UART_OUT }, { "uart-in", 1, 0, O_UART_IN },
        { "marks", 1, 0, O_MARKS }, { "until-done", 0, 0, O_UNTIL_DONE },
        { "max-cycles", 1, 0, O_MAX_CYCLES }, { "eeprom", 1, 0, O_EEPROM },
        { "vcd", 1, 0, O_VCD }, { "png", 1, 0, O_PNG }, { "stack", 0, 0, O_STACK },
        { "power", 0, 0, O_POWER }, { "pty", 0, 0, O_PTY }, { "bootloader", 1, 0, O_BOOT },
        { "erase", 0, 0, O_ERASE }, { "dump-flash", 1, 0, O_DUMP_FLASH },
        { "play", 0, 0, O_PLAY }, { "bounce", 1, 0, O_BOUNCE }, { "help", 0, 0, O_HELP },
        { "realtime", 0, 0, O_REALTIME }, { "latency", 1, 0, O_LATENCY },
        { "trace", 1, 0, O_TRACE },
        { "vcc", 1, 0, O_VCC }, { "power-log", 1, 0, O_POWER_LOG }, { "parts", 1, 0, O_PARTS },
        { "eeprom-log", 1, 0, O_EEPROM_LOG }, { "hfuse", 1, 0, O_HFUSE },
        { "auto-reset", 0, 0, O_AUTO_RESET }, { "baud-check", 0, 0, O_BAUD_CHECK },
        { "lock", 1, 0, O_LOCK },
        { 0, 0, 0, 0 },
    };
    const char *script = NULL, *uart_out = NULL, *uart_in = NULL, *marks = NULL,
               *eeprom = NULL, *vcd_path = NULL, *png_path = NULL, *boot = NULL, *dump_flash = NULL,
               *latency = NULL, *trace = NULL;
    bool erase = false, auto_reset = false, baud_check = false;
    uint64_t hfuse = BOARD_FUSE_HIGH, lock = 0x3F;
    double vcc = 0;
    const char *power_log = NULL, *eeprom_log = NULL;
    int parts = 0;
    bool fast = false, until_done = false, stack = false, power = false, pty = false,
         play = false, realtime = false;
    uint64_t max_cycles = 0, modules = BOARD_MODULES, bounce = 0;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_SCRIPT: script = optarg; break;
        case O_FAST: fast = true; break;
        case O_MODULES:
            if (!parse_u64(optarg, &modules) || (modules != 1 && modules != 2 && modules != 4)) {
                fprintf(stderr, "nimsim: --modules must be 1, 2 or 4 (got '%s')\n", optarg);
                return 2;
            }
            break;
        case O_UART_OUT: uart_out = optarg; break;
        case O_UART_IN: uart_in = optarg; break;
        case O_MARKS: marks = optarg; break;
        case O_UNTIL_DONE: until_done = true; break;
        case O_MAX_CYCLES:
            if (!parse_u64(optarg, &max_cycles) || max_cycles == 0) {
                fprintf(stderr, "nimsim: --max-cycles needs a positive number (got '%s')\n", optarg);
                return 2;
            }
            break;
        case O_EEPROM: eeprom = optarg; break;
        case O_VCD: vcd_path = optarg; break;
        case O_PNG: png_path = optarg; break;
        case O_STACK: stack = true; break;
        case O_POWER: power = true; break;
        case O_PTY: pty = true; break;
        case O_BOOT: boot = optarg; break;
        case O_ERASE: erase = true; break;
        case O_DUMP_FLASH: dump_flash = optarg; break;
        case O_PLAY: play = true; break;
        case O_BOUNCE:
            if (!parse_u64(optarg, &bounce) || bounce > 1000) {
                fprintf(stderr, "nimsim: --bounce needs 0..1000 edges (got '%s')\n", optarg);
                return 2;
            }
            break;
        case O_REALTIME: realtime = true; break;
        case O_LATENCY: latency = optarg; break;
        case O_TRACE: trace = optarg; break;
        case O_AUTO_RESET: auto_reset = true; break;
        case O_BAUD_CHECK: baud_check = true; break;
        case O_HFUSE:
        case O_LOCK: {
            uint64_t *v = c == O_HFUSE ? &hfuse : &lock;
            if (!parse_u64(optarg, v) || *v > 0xFF) {
                fprintf(stderr, "nimsim: %s needs a byte, e.g. 0x%02X (got '%s')\n",
                        c == O_HFUSE ? "--hfuse" : "--lock", c == O_HFUSE ? BOARD_FUSE_HIGH : BOARD_FUSE_LOCK, optarg);
                return 2;
            }
            break;
        }
        case O_POWER_LOG: power_log = optarg; break;
        case O_EEPROM_LOG: eeprom_log = optarg; break;
        case O_PARTS:
            if ((parts = current_parse_parts(optarg)) < 0) {
                fprintf(stderr, "nimsim: --parts takes led,reg,usb or none (got '%s')\n", optarg);
                return 2;
            }
            break;
        case O_VCC: {
            char *end;
            vcc = strtod(optarg, &end);
            if (end == optarg || *end || !(vcc >= 0 && vcc <= 6.0)) {
                fprintf(stderr, "nimsim: --vcc needs volts, 0..6.0 (got '%s')\n", optarg);
                return 2;
            }
            if (vcc == 0)
                vcc = 1e-9;         /* 0 V: no power at all */
            break;
        }
        case 'h':
        case O_HELP: usage(stdout); return 0;
        default:
            fprintf(stderr, "nimsim: unknown or incomplete option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, "nimsim: one ELF only (got '%s' and '%s')\n", argv[optind], argv[optind + 1]);
        return 2;
    }
    if (modules != BOARD_MODULES) {
        fprintf(stderr, "nimsim: this nimsim is built for %d module(s); use the one from "
                "make MODULES=%llu (build/m%llu/nimsim)\n", BOARD_MODULES,
                (unsigned long long)modules, (unsigned long long)modules);
        return 2;
    }
    if (latency && play) {
        fprintf(stderr, "nimsim: --latency needs the display's change hook, which --play owns\n");
        return 2;
    }
    if ((auto_reset || baud_check) && !pty) {
        fprintf(stderr, "nimsim: --auto-reset and --baud-check model the pty's adapter: add --pty\n");
        return 2;
    }
    if (script && play) {
        fprintf(stderr, "nimsim: --script and --play exclude each other\n");
        return 2;
    }
    const char *elf = optind < argc ? argv[optind] : SIM_DEFAULT_ELF;
    bool interactive = play && isatty(0) && isatty(1);
    if (play && !interactive)
        script = "-";                       /* CI: a script on stdin, frames as text */
    if (fast && realtime) {
        fprintf(stderr, "nimsim: --fast and --realtime exclude each other\n");
        return 2;
    }
    fast = fast || (!realtime && !interactive && (script || !isatty(1)));

    if (trace && interactive) {
        fprintf(stderr, "nimsim: --trace needs the display's change hook, which --play owns\n");
        return 2;
    }
    FILE *marks_f = NULL, *uart_f = NULL, *latency_f = NULL, *trace_f = NULL;
    if (trace && !(trace_f = open_out(trace)))
        return 2;
    if (marks && !(marks_f = open_out(marks)))
        return 2;
    if (latency && !(latency_f = open_out(latency)))
        return 2;
    if (uart_out && !(uart_f = open_out(uart_out)))
        return 2;

    sim_t s;
    memset(&s, 0, sizeof s);
    s.fast = fast;
    s.stack_paint = stack;
    s.marks = marks_f;
    s.latency = latency_f;
    s.vcc0 = vcc;
    if ((power_log || parts) && !power) {
        fprintf(stderr, "nimsim: --power-log and --parts go with --power\n");
        return 2;
    }
    if (power) {
        current_init(&s.current, (unsigned)parts);
        if (power_log && !(s.current.log = open_out(power_log)))
            return 2;
    }
    if (sim_open(&s, elf, eeprom) != 0)
        return 2;
    if (eeprom_log && !(s.eeprom.log = open_out(eeprom_log)))
        return 2;
    /* The application section ends where the boot section starts. */
    const uint32_t app_bytes = (uint32_t)(BOARD_FLASH_BYTES - BOARD_BOOT_BYTES);
    if (erase)
        memset(s.avr->flash, 0xFF, app_bytes);
    if (boot && bootloader_load(s.avr, boot, (uint8_t)hfuse) != 0)
        return 2;
    static selfprog_t selfprog;
    selfprog_init(&selfprog, s.avr, (uint8_t)hfuse, (uint8_t)lock);
    s.buttons.bounce = (int)bounce;
    /* UART bytes go to the file, else to stdout unless a script or the
     * terminal UI owns stdout. */
    s.uart.out = uart_f ? uart_f : (script || interactive ? NULL : stdout);
    if (uart_in) {
        FILE *f = fopen(uart_in, "rb");
        if (!f) {
            fprintf(stderr, "nimsim: cannot read %s: %s\n", uart_in, strerror(errno));
            return 2;
        }
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            sim_uart_send(&s.uart, buf, n);
        fclose(f);
    }
    static uart_pty_t pty_part;
    static usb_serial_t usb_part;
    if (pty) {
        uart_pty_init(s.avr, &pty_part);
        uart_pty_connect(&pty_part, '0');
        fflush(stdout);
        if (usb_serial_init(&usb_part, s.avr, &pty_part, auto_reset, baud_check) != 0)
            return 2;
        /* Only now is a host's open seen (--auto-reset): tools wait for this. */
        printf("nimsim: pty ready: %s\n", pty_part.port[0].slavename);
        fflush(stdout);
    }
    avr_vcd_t vcd;
    if (vcd_path)
        vcd_setup(&s, &vcd, vcd_path);

    if (trace_f)
        trace_start(&s, trace_f);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);

    int rc = 0;
    if (interactive) {
        rc = play_run(&s, max_cycles);
    } else if (play) {
        rc = play_text(&s, script, max_cycles);
    } else if (script) {
        rc = script_run_file(&s, script, false, max_cycles);
    } else {
        uint64_t end = max_cycles ? max_cycles : UINT64_MAX;
        s.stop_coarse = true;  /* a signal: no need to look at every step */
        int r = sim_run_until(&s, end, stop_on_signal, auto_reset ? &usb_part : NULL);
        if (r == SIM_RUN_CRASH)
            rc = 4;
        else if (until_done && r != SIM_RUN_DONE)
            rc = 3;
        if (rc == 3 && r == SIM_RUN_TIME)
            fprintf(stderr, "nimsim: --max-cycles %llu reached before the program ended\n",
                    (unsigned long long)max_cycles);
    }
    if (vcd_path)
        avr_vcd_close(&vcd);
    if (dump_flash) {
        FILE *f = fopen(dump_flash, "wb");
        if (!f || fwrite(s.avr->flash, 1, app_bytes, f) != app_bytes || fclose(f) != 0) {
            fprintf(stderr, "nimsim: cannot write %s\n", dump_flash);
            rc = 2;
        }
    }
    if (png_path && png_write_board(&s, png_path) != 0 && rc == 0)
        rc = 2;
    if (stack || power)
        sim_print_report(&s, stderr, power, stack);
    if (latency_f) {
        sim_print_latency(&s, stderr);
        if (latency_f != stdout)
            fclose(latency_f);
    }
    if (trace_f) {
        trace_finish(&s);
        if (trace_f != stdout)
            fclose(trace_f);
    }
    sim_close(&s);
    if (s.current.log && s.current.log != stdout)
        fclose(s.current.log);
    if (s.eeprom.log && s.eeprom.log != stdout)
        fclose(s.eeprom.log);
    if (uart_f && uart_f != stdout)
        fclose(uart_f);
    if (marks_f && marks_f != stdout)
        fclose(marks_f);
    return rc;
}
