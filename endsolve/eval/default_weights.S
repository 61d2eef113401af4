/* The default evaluation weights, embedded in the binary at build time so
   that endsolve never depends on a data file at run time. The path of the
   file comes from the build (ENDSOLVE_DEFAULT_WEIGHTS, a quoted string). */
        .section .rodata
        .balign 16
        .globl endsolve_default_weights
endsolve_default_weights:
        .incbin ENDSOLVE_DEFAULT_WEIGHTS
        .globl endsolve_default_weights_end
endsolve_default_weights_end:
        .byte 0
        .section .note.GNU-stack,"",@progbits
